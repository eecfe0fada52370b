import http from 'node:http';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface FakeGoogleUser {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  nonce: string | null;
  user: FakeGoogleUser;
}

/**
 * A small OpenID Connect provider on loopback standing in for Google: discovery, authorize (signs in
 * `nextUser` at once), token (checks the client secret and PKCE, returns an RS256 id_token), JWKS and
 * userinfo. It refuses what a real provider refuses, so the app's half of the flow is really tested.
 */
export class FakeOpenIdProvider {
  nextUser: FakeGoogleUser = { sub: 'google-sub-1', email: 'pat.google@example.com', name: 'Pat Google' };
  readonly tokenRequests: URLSearchParams[] = [];
  private readonly codes = new Map<string, PendingCode>();
  private readonly accessTokens = new Map<string, FakeGoogleUser>();
  private server: http.Server | null = null;
  private keys: { privateKey: CryptoKey; jwk: JWK } | null = null;
  issuer = '';

  constructor(readonly client: { id: string; secret: string }) {}

  async start(): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    this.keys = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: 'fake-key-1', alg: 'RS256', use: 'sig' } };
    const server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) =>
        this.json(res, 500, { error: 'server_error', error_description: String(err) }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.issuer;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  private json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.issuer);
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /.well-known/openid-configuration':
        return this.json(res, 200, {
          issuer: this.issuer,
          authorization_endpoint: `${this.issuer}/authorize`,
          token_endpoint: `${this.issuer}/token`,
          userinfo_endpoint: `${this.issuer}/userinfo`,
          jwks_uri: `${this.issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          scopes_supported: ['openid', 'email', 'profile'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          code_challenge_methods_supported: ['S256'],
        });
      case 'GET /jwks':
        return this.json(res, 200, { keys: [this.keys!.jwk] });
      case 'GET /authorize':
        return this.authorize(url, res);
      case 'POST /token':
        return this.token(req, res);
      case 'GET /userinfo': {
        const user = this.accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!user) return this.json(res, 401, { error: 'invalid_token' });
        return this.json(res, 200, {
          sub: user.sub,
          email: user.email,
          email_verified: user.emailVerified ?? true,
          name: user.name,
        });
      }
      default:
        return this.json(res, 404, { error: 'not_found' });
    }
  }

  private authorize(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== this.client.id || !redirectUri) return this.json(res, 400, { error: 'invalid_client' });
    const back = new URL(redirectUri);
    if (q.get('response_type') !== 'code' || !q.get('scope')?.split(' ').includes('openid')) {
      back.searchParams.set('error', 'invalid_request');
    } else {
      const code = randomBytes(16).toString('base64url');
      const method = q.get('code_challenge_method');
      this.codes.set(code, {
        clientId: this.client.id,
        redirectUri,
        codeChallenge: method === 'S256' ? q.get('code_challenge') : null,
        nonce: q.get('nonce'),
        user: this.nextUser,
      });
      back.searchParams.set('code', code);
    }
    const state = q.get('state');
    if (state) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  private async token(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    this.tokenRequests.push(form);

    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = req.headers.authorization?.match(/^Basic (.+)$/);
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent);
      clientId = id ?? null;
      clientSecret = secret ?? null;
    }
    if (clientId !== this.client.id || clientSecret !== this.client.secret)
      return this.json(res, 401, { error: 'invalid_client' });

    const code = form.get('code') ?? '';
    const pending = this.codes.get(code);
    this.codes.delete(code); // a code works once
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !pending ||
      pending.redirectUri !== form.get('redirect_uri')
    ) {
      return this.json(res, 400, { error: 'invalid_grant' });
    }
    if (pending.codeChallenge) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== pending.codeChallenge) {
        return this.json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      }
    }

    const user = pending.user;
    const accessToken = randomUUID();
    this.accessTokens.set(accessToken, user);
    const idToken = await new SignJWT({
      email: user.email,
      email_verified: user.emailVerified ?? true,
      name: user.name,
      ...(pending.nonce ? { nonce: pending.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: this.keys!.jwk.kid!, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(pending.clientId)
      .setSubject(user.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(this.keys!.privateKey);
    return this.json(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid email profile',
      id_token: idToken,
    });
  }
}
