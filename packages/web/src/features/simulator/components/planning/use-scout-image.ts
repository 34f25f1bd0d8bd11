/**
 * GET v1/sessions/{sessionId}/scout-images/{id}, optional regionId: a localiser through the session's isocentre
 * (its selected region, or the whole-body height), or through the centre of region `regionId` (the planning's
 * region picker), with its geometry; its pixels (base64 of little-endian Float32) decoded once per image.
 */
import { useQuery } from '@tanstack/react-query';
import { apiPath } from '@larmor/contracts/programs';
import { scoutImageSchema, SESSION_PATHS, type ScoutImageBody } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';
import { decodeFloat32Base64 } from '../../state/planning-scout.ts';

export type LocaliserOrientation = ScoutImageBody['orientation'];

export interface ScoutImage extends ScoutImageBody {
  values: Float32Array;
}

/** The request's path: `?regionId=N` only when a region is picked (absent: the session's isocentre). */
export function scoutImagePath(
  sessionId: string,
  orientation: LocaliserOrientation,
  regionId: number | undefined,
): string {
  const path = apiPath(SESSION_PATHS.scoutImages, { sessionId, id: orientation });
  return regionId === undefined
    ? path
    : `${path}?${new URLSearchParams({ regionId: String(regionId) }).toString()}`;
}

/**
 * `isocentreKey` names the session's isocentre: a new one fetches the localisers through it. `regionId` picks a
 * region's localisers instead (part of the query key, so each region's are cached on their own).
 */
export function useScoutImage(
  sessionId: string,
  orientation: LocaliserOrientation,
  isocentreKey: string,
  regionId?: number,
) {
  return useQuery({
    queryKey: ['simulator', 'scout-image', sessionId, orientation, isocentreKey, regionId ?? null],
    queryFn: async (): Promise<ScoutImage> => {
      const body = await api.request(scoutImagePath(sessionId, orientation, regionId), {
        schema: scoutImageSchema,
      });
      return { ...body, values: decodeFloat32Base64(body.pixels) };
    },
    staleTime: Infinity,
  });
}
