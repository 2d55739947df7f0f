// The editor routes' one scope (issue 53): a route registered inside `editorScope` answers an editor only, counts a
// write against the one write allowance, and says both in the OpenAPI document. Written once here, so a new editor
// route cannot forget one of the three (tests/server/api/editor-routes.test.ts tries every documented operation).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { authErrors } from './errors.ts';

export type EditorAccess = {
  requireEditor: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  writeLimit: ReturnType<FastifyInstance['rateLimit']>;
};

const READS = new Set(['GET', 'HEAD']);

/**
 * Registers `routes` in an encapsulated scope whose every route asks, before anything of its own runs:
 * - for a write, the address's write allowance first (an anonymous or non-editor flood is limited too);
 * - the editor role (401 without a valid token, 403 without the role), before the body is parsed or validated;
 * and documents the bearer security and the 401, 403 and 429 answers.
 */
export async function editorScope(
  api: FastifyInstance,
  { requireEditor, writeLimit }: EditorAccess,
  routes: (editor: FastifyInstance) => Promise<void>,
): Promise<void> {
  await api.register(async (editor) => {
    editor.addHook('onRoute', (route: RouteOptions) => {
      const write = [route.method].flat().some((method) => !READS.has(method));
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [...(write ? [writeLimit] : []), requireEditor, ...own];
      route.schema = {
        ...route.schema,
        security: [{ bearer: [] }],
        // A route's own description of one of these answers (a 429 that says more) stays.
        response: { ...authErrors, ...(route.schema?.response as object | undefined) },
      };
    });
    await routes(editor);
  });
}
