// `node --import ./refuse-express.mjs ...`: registers the hook that refuses every import of `express`.
import { register } from 'node:module';

register('./refuse-express-hooks.mjs', import.meta.url);
