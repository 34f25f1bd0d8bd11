/** The part of dcmjs (0.52, untyped) that the tests use as an independent DICOM reader. */
declare module 'dcmjs' {
  /** A data element as dcmjs reads it: its VR and values. */
  export interface DcmjsElement {
    vr: string;
    Value?: unknown[];
  }
  /** A Part 10 file: file meta group and dataset, keyed by 8-hex-digit tag ('0020000D'). */
  export interface DcmjsDicomDict {
    meta: Record<string, DcmjsElement>;
    dict: Record<string, DcmjsElement>;
  }
  const dcmjs: {
    data: {
      DicomMessage: { readFile(buffer: ArrayBuffer): DcmjsDicomDict };
      DicomMetaDictionary: {
        /** Keyword → value; single values unwrapped, DS/IS as numbers, PixelData as [ArrayBuffer]. */
        naturalizeDataset(dict: Record<string, DcmjsElement>): Record<string, unknown>;
      };
    };
  };
  export default dcmjs;
}
