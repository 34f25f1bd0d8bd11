import { describe, expect, it } from 'vitest';
import {
  deploymentIdsOf,
  platformFormDefaults,
  platformFormSchema,
  toPlatformBody,
} from './platform-form.ts';

describe('the LTI platform form (issue 27.1)', () => {
  it('reads deployment ids separated by commas, spaces or new lines, without blanks', () => {
    expect(deploymentIdsOf(' 1, 7\n42  abc,,')).toEqual(['1', '7', '42', 'abc']);
    expect(deploymentIdsOf(' , ')).toEqual([]);
  });

  it('refuses an empty deployment list and http URLs before sending; a valid form becomes the create body', () => {
    const values = {
      ...platformFormDefaults(),
      name: 'Canvas',
      issuer: 'https://canvas.instructure.com',
      clientId: '10000000000001',
      deploymentIds: '',
      jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
      authUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
      tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
    };
    expect(platformFormSchema.safeParse(values).success).toBe(false);
    expect(
      platformFormSchema.safeParse({ ...values, deploymentIds: '1', issuer: 'http://canvas' }).success,
    ).toBe(false);
    const parsed = platformFormSchema.parse({
      ...values,
      deploymentIds: '1, 2',
      frameOrigins: 'https://a.example, https://b.example',
    });
    expect(toPlatformBody(parsed).deploymentIds).toEqual(['1', '2']);
    expect(toPlatformBody(parsed).frameOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});
