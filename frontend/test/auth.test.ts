import { describe, expect, it } from 'vitest';
import { liveProtocols, tokenProtocol } from '../src/auth';

describe('the API token on a WebSocket', () => {
  it('travels as an unpadded base64url subprotocol after the feed\'s own', () => {
    expect(tokenProtocol('s3cret/+?')).toBe('arus.token.czNjcmV0Lys_');
    expect(liveProtocols('s3cret/+?')).toEqual(['arus.live', 'arus.token.czNjcmV0Lys_']);
  });

  it('leaves only the feed\'s subprotocol without a token', () => {
    expect(liveProtocols(null)).toEqual(['arus.live']);
  });
});
