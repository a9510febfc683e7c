/**
 * A rendered page's bytes, handed from the render (`app/entry.server.tsx`) to the server (`server/plugins/ssr.ts`)
 * without passing through a web stream. React Router wants a `Response` from the render; the page would then be
 * copied into it, read back out of its stream chunk by chunk, copied again into Node buffers and joined once more
 * before it is compressed: four copies of ~100 KB, and as many buffers outside V8's heap, whose growth sets off full
 * garbage collections (docs/performance.md, "Customers' pages"). The `Response` carries the bytes under a mark the
 * server reads; its body holds the same bytes, so a reader that does not know the mark still gets the page.
 * `Symbol.for`: the server bundle and the server's own modules each have a copy of this module.
 */
const documentBytes = Symbol.for('obmen.document-bytes');

type Marked = Response & { [documentBytes]?: Buffer };

export function documentResponse(bytes: Buffer, init: ResponseInit): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const response: Marked = new Response(body, init);
  response[documentBytes] = bytes;
  return response;
}

/** The page's bytes when the response is a rendered page as `documentResponse` made it. */
export function documentBytesOf(response: Response): Buffer | undefined {
  return (response as Marked)[documentBytes];
}
