// zod 4 compiles its object parsers with `new Function` where it may, and finds out by trying `new Function('')`
// the first time an object schema is built. The site's policy has no 'unsafe-eval' (server/site/csp.ts), so
// the browser refuses it and reports a Content-Security-Policy violation, although zod catches the error and
// parses without. `jitless` skips both the probe and the compiler. The setting is read when a schema is
// built, which for ours is when src/lib/recipe-schema.ts is evaluated: import this module first in every
// island that loads zod (the editor's two), before anything that imports the schemas.
import { z } from 'zod';

z.config({ jitless: true });
