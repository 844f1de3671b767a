import express5 from 'express';
import express4 from 'express4';
import { hostParserSuite } from './support/host-parsers-suite.js';

// The router (Express 5's, this workspace's) mounted after a host's body parsers, in an Express 5 and
// an Express 4 app (docs/decisions.md, "Mounting after the host's body parsers").
hostParserSuite('Express 5', express5);
hostParserSuite('Express 4', express4);
