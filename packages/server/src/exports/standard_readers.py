"""Reads Larmor's exports with the standard tools' Python libraries (nibabel, pydicom) and prints JSON.

Used by standardReaders.test.ts; every check on the numbers is made there. Subcommands:
  nifti FILE               shape, orientation codes (nibabel aff2axcodes), voxel sizes, affine, gzip magic,
                           the texts of its comment extensions (ecode 6)
  compare OURS THEIRS [V]  maps OURS' voxels into THEIRS through both affines (world mm): how far from a voxel
                           the mapping lands, the largest world-coordinate mismatch at the corners, and the
                           correlation of the voxel values after the mapping (volume V of a 4D file)
  grey DICOM PGM ...       per pair, the mean grey level (0-255) of the tissue and of the air in a dcm2pnm
                           rendering, tissue being stored values above 10 % of the 99th percentile (pydicom)
"""
import json
import sys

import nibabel as nib
import numpy as np
import pydicom


def nifti(path):
    image = nib.load(path)
    with open(path, "rb") as f:
        magic = f.read(2)
    return {
        "shape": list(image.shape),
        "axcodes": list(nib.aff2axcodes(image.affine)),
        "zooms": [float(z) for z in image.header.get_zooms()[:3]],
        "affine": image.affine.tolist(),
        "gzip": magic == b"\x1f\x8b",
        "dtype": str(image.get_data_dtype()),
        "calMin": float(image.header["cal_min"]),
        "calMax": float(image.header["cal_max"]),
        "comments": [
            bytes(e.get_content()).rstrip(b"\0").decode("ascii")
            for e in image.header.extensions
            if e.get_code() == 6
        ],
    }


def compare(ours_path, theirs_path, volume="0"):
    ours, theirs = nib.load(ours_path), nib.load(theirs_path)
    a, b = ours.get_fdata(), theirs.get_fdata()
    if a.ndim == 4:
        a = a[..., int(volume)]
    if b.ndim == 4:
        b = b[..., int(volume)]
    mapping = np.linalg.inv(theirs.affine) @ ours.affine
    shape = a.shape[:3]
    ijk = np.indices(shape).reshape(3, -1)
    mapped = mapping[:3, :3] @ ijk + mapping[:3, 3:4]
    nearest = np.rint(mapped).astype(int)
    off_grid = float(np.abs(mapped - nearest).max())
    inside = np.all((nearest >= 0) & (nearest < np.array(b.shape[:3])[:, None]), axis=0)
    corners = [np.array([i, j, k, 1.0]) for i in (0, shape[0] - 1) for j in (0, shape[1] - 1) for k in (0, shape[2] - 1)]
    world_error = 0.0
    for corner in corners:
        target = np.rint(mapping @ corner)
        world_error = max(world_error, float(np.abs(ours.affine @ corner - theirs.affine @ target).max()))
    x = a.reshape(-1)[inside]
    y = b[nearest[0, inside], nearest[1, inside], nearest[2, inside]]
    return {
        "offGridVoxels": off_grid,
        "insideFraction": float(inside.mean()),
        "worldErrorMm": world_error,
        "correlation": float(np.corrcoef(x, y)[0, 1]),
    }


def grey(*paths):
    return [grey_levels(paths[i], paths[i + 1]) for i in range(0, len(paths), 2)]


def grey_levels(dicom_path, pgm_path):
    stored = pydicom.dcmread(dicom_path).pixel_array.astype(float)
    with open(pgm_path, "rb") as f:
        data = f.read()
    rendered = np.frombuffer(data[len(data) - stored.size :], dtype=np.uint8).reshape(stored.shape)
    tissue = stored > 0.1 * np.percentile(stored, 99)
    return {
        "tissueMean": float(rendered[tissue].mean()),
        "airMean": float(rendered[~tissue].mean()),
        "tissueFraction": float(tissue.mean()),
    }


def rescaled(*paths):
    """Each file's pixels through its Modality LUT (Rescale Slope/Intercept) and its Image Comments."""
    out = []
    for path in paths:
        ds = pydicom.dcmread(path)
        values = ds.pixel_array.astype(float) * float(ds.RescaleSlope) + float(ds.RescaleIntercept)
        out.append({"values": values.ravel().tolist(), "comments": str(ds.get("ImageComments", ""))})
    return out


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    print(json.dumps({"nifti": nifti, "compare": compare, "grey": grey, "rescaled": rescaled}[command](*args)))
