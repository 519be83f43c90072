// What a worker process writes, read whole: stdout and stderr decoded as UTF-8 across pipe reads. A pipe hands its
// bytes over in reads of up to 64 KiB at any byte, so `out += chunk` on Buffers decodes each read on its own and turns a
// character split between two reads into two or three U+FFFD (the server bench's "1–2 extra characters" in about one
// answer in 2,000: the load client's JSON, ~1.7 KB an answer, crossed a read boundary inside a curly quote).

/** Resolves when `child` closed: its exit code or signal, and all it wrote on stdout and stderr as text. */
export function childOutput(child) {
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (text) => (out += text));
  child.stderr.setEncoding('utf8').on('data', (text) => (err += text));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, out, err })));
}
