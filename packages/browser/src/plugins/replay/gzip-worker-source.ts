/**
 * The code of the compression worker, run from a Blob URL (so the chunk needs no file of its own and no origin
 * to load it from). It takes `{ id, part }` messages (UTF-8 bytes, transferred) and `{ id, end: true }`, feeds
 * each chunk's parts to its own `CompressionStream('gzip')` as they come, and answers `{ id, gzip }` (the
 * ArrayBuffer, transferred) or `{ id, error }`. Plain ES5 text: no build step touches it.
 */
export const GZIP_WORKER_SOURCE = `var jobs = {};
onmessage = function (e) {
  var m = e.data, w = jobs[m.id];
  if (!w) {
    var s = new CompressionStream('gzip');
    w = jobs[m.id] = s.writable.getWriter();
    new Response(s.readable).arrayBuffer().then(
      function (b) { postMessage({ id: m.id, gzip: b }, [b]); },
      function (x) { postMessage({ id: m.id, error: String(x) }); });
  }
  if (m.part) w.write(m.part).catch(function () {});
  if (m.end) { delete jobs[m.id]; w.close().catch(function () {}); }
};`;
