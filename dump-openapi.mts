import Fastify from 'fastify';
import apiPlugin from './server/api/index.ts';
import { testConfig } from './tests/support/api-app.ts';
const config = testConfig();
const app = Fastify({ logger: false });
await app.register(apiPlugin, { prefix: '/api', config, db: {} as never });
await app.ready();
console.log(JSON.stringify((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json(), null, 1));
await app.close();
