/**
 * The browser's EventSource for happy-dom tests, driven by the test: `vi.stubGlobal('EventSource', FakeEventSource)`,
 * then `open()`, `say(event, data)`, `fail()` on the instance the code made (`FakeEventSource.all`).
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every instance made since the last `reset()`, oldest first. */
  static all: FakeEventSource[] = [];
  static reset() {
    FakeEventSource.all = [];
  }
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  /** An event of the stream, its data as JSON. */
  say(event: string, data: unknown = {}) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
  /** A dropped connection (EventSource reconnects by itself) or, with `closed`, one refused for good (429, 503). */
  fail(closed = false) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
}
