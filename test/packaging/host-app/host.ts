// A TypeScript host app: must type-check against the app's own @types/express (4 or 5), with nothing else added.
import express from 'express';
import { createMemoryStorage } from '@northstar/adapter-memory';
import { createNorthstarRouter, seedDemoProject } from '@northstar/server';
import type { NorthstarRouterOptions } from '@northstar/server';

const storage = createMemoryStorage();
const options: NorthstarRouterOptions = { storage };
const app = express();
app.use(express.json());
app.use('/ns', createNorthstarRouter(options));
app.use(createNorthstarRouter(options));
const router = express.Router();
router.use('/analytics', createNorthstarRouter(options));
app.use(router);
export const demo: Promise<{ pk: string; sk: string; project_id: number }> = seedDemoProject(storage);
app.listen(3000);
