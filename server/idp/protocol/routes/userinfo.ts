import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerSession, unauthorized } from '../bearer-session.ts';
import type { Idp } from '../../context.ts';
import { profileClaims } from '../tokens.ts';
import { PATHS } from '../../paths.ts';

const USERINFO = PATHS.userinfo;

export default async function userinfoRoutes(app: FastifyInstance, opts: { idp: Idp }) {
  const { idp } = opts;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = await bearerSession(idp, request);
    if (!found) return unauthorized(idp, reply);
    return reply
      .header('cache-control', 'no-store')
      .send({ sub: found.active.user.id, ...profileClaims(found.active.user) });
  };
  app.get(USERINFO, handler);
  app.post(USERINFO, handler);
}
