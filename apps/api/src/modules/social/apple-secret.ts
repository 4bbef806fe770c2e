import { importPKCS8, SignJWT } from 'jose';

/**
 * Sign in with Apple has no fixed client secret: the client signs a short JWT with its private key
 * (ES256, the .p8 key from the developer account), naming the team (iss) and the Services ID (sub).
 */
export async function appleClientSecret(input: { teamId: string; clientId: string; keyId: string; privateKey: string; now: Date }): Promise<string> {
  // Settings often carry the PEM on one line with literal \n.
  const key = await importPKCS8(input.privateKey.replace(/\\n/g, '\n'), 'ES256');
  const iat = Math.floor(input.now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: input.keyId })
    .setIssuer(input.teamId)
    .setSubject(input.clientId)
    .setAudience('https://appleid.apple.com')
    .setIssuedAt(iat)
    // Apple accepts up to six months; a fresh one per exchange needs only minutes.
    .setExpirationTime(iat + 300)
    .sign(key);
}
