/**
 * GET …/reconstructed-images/{scanId}?format=dicom|nifti|fsl (the series' `dicomUrl` / `niftiUrl` / a DWI scan's
 * `fslUrl`): a zip of DICOM files, a .nii.gz, or a zip of a 4D .nii.gz with FSL's .bval/.bvec, saved through a
 * link to the bytes.
 */
import { api } from '#lib/api.ts';

export type ExportFormat = 'dicom' | 'nifti' | 'fsl';

const FILE_SUFFIX: Record<ExportFormat, string> = {
  dicom: '_dicom.zip',
  nifti: '.nii.gz',
  fsl: '_dwi_fsl.zip',
};

export async function downloadExport(url: string, name: string, format: ExportFormat): Promise<void> {
  const bytes = await api.bytes(url);
  const objectUrl = URL.createObjectURL(new Blob([bytes]));
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = `${name.replace(/[^\w.-]+/g, '_')}${FILE_SUFFIX[format]}`;
  link.click();
  URL.revokeObjectURL(objectUrl);
}
