// Bytes delivered like a network: a pull-based ReadableStream of fixed-size reads, behind a fetch stub.

/** Splits the bytes into reads of `size` bytes (views, no copies). */
export function chunk(bytes, size) {
  const reads = [];
  for (let offset = 0; offset < bytes.length; offset += size) reads.push(bytes.subarray(offset, Math.min(bytes.length, offset + size)));
  return reads;
}

/** A stream that hands out one read per pull: the consumer's pace sets the delivery (backpressure). */
export function streamOf(reads) {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      if (index < reads.length) controller.enqueue(reads[index++]);
      else controller.close();
    },
  }, { highWaterMark: 0 });
}

/** A `fetch` that answers every request with the stream, and records the requests it saw. */
export function fetchStub(reads, contentType) {
  const stub = async (url, init) => {
    stub.calls.push({ url: String(url), method: init?.method });
    // Read the request body like a server would, so request building is not skipped by laziness.
    if (init?.body !== undefined && typeof init.body !== 'string') await new Response(init.body).text();
    return new Response(streamOf(reads), { status: 200, headers: { 'content-type': contentType } });
  };
  stub.calls = [];
  return stub;
}
