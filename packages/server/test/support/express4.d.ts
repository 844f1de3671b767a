// `express4` is the root dev dependency `npm:express@^4`: the same call surface as express 5 for what the
// host-app tests use (json, urlencoded, text, use, listen), so it is typed with express's own types.
declare module 'express4' {
  import express from 'express';
  export default express;
}
