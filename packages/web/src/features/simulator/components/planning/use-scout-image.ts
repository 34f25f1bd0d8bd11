/**
 * GET v1/sessions/{sessionId}/scout-images/{id}: a localiser through the session's isocentre (its selected region,
 * or the whole-body height) with its geometry; its
 * pixels (base64 of little-endian Float32) decoded once per image.
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

/** `isocentreKey` names the session's isocentre: a new one fetches the localisers through it. */
export function useScoutImage(sessionId: string, orientation: LocaliserOrientation, isocentreKey: string) {
  return useQuery({
    queryKey: ['simulator', 'scout-image', sessionId, orientation, isocentreKey],
    queryFn: async (): Promise<ScoutImage> => {
      const body = await api.request(apiPath(SESSION_PATHS.scoutImages, { sessionId, id: orientation }), {
        schema: scoutImageSchema,
      });
      return { ...body, values: decodeFloat32Base64(body.pixels) };
    },
    staleTime: Infinity,
  });
}
