/**
 * The host's end of office.js's cross-window messaging on the web (OSF's
 * XdmCommunicationManager): JSON strings posted between the Office page and the add-in's frame.
 *
 * - office.js calls the host with `{_messageType: 0, _actionType: 0, _actionName, _conversationId,
 *   _correlationId, _data}` and waits for `{_messageType: 1, _responseType: 0, _errorCode,
 *   _correlationId, _data}`;
 * - it registers for an event with `_actionType: 1` (2 to unregister) under the event's name
 *   ("richApiMessage", "appCommandInvoked", ...), and the host fires it with `_responseType: 1`.
 *
 * Only messages whose source is the add-in's frame and whose origin is the add-in's are read.
 */

export interface XdmRequest {
  _messageType: 0;
  _actionType: 0 | 1 | 2;
  _actionName: string;
  _conversationId: string;
  _correlationId: number;
  _origin?: string;
  _data: unknown;
}

/** Microsoft.Office.Common.InvokeResultCode. */
export const InvokeResultCode = { noError: 0, errorHandlingRequest: -2 } as const;

export type CallHandler = (data: unknown) => unknown | Promise<unknown>;

export interface XdmTraffic {
  direction: "in" | "out";
  message: Record<string, unknown>;
}

export class XdmHost {
  private readonly calls = new Map<string, CallHandler>();
  private readonly registered = new Map<string, unknown>();
  private conversationId: string | null = null;
  private readonly listener = (event: MessageEvent) => this.receive(event);
  /** Every message in and out, when a test asks for it. */
  traffic: XdmTraffic[] | null = null;
  /** Calls the host has no handler for: answered with an error, and listed here. */
  readonly unhandled: string[] = [];

  constructor(
    private readonly frame: () => Window | null,
    private readonly addinOrigin: string
  ) {
    window.addEventListener("message", this.listener);
  }

  close(): void {
    window.removeEventListener("message", this.listener);
  }

  onCall(actionName: string, handler: CallHandler): void {
    this.calls.set(actionName, handler);
  }

  isRegistered(eventName: string): boolean {
    return this.registered.has(eventName);
  }

  /** The registration data office.js sent with the event's name. */
  registration(eventName: string): unknown {
    return this.registered.get(eventName);
  }

  /** Fires an event office.js registered for; false when it has not registered (yet). */
  fire(eventName: string, data: unknown): boolean {
    if (!this.registered.has(eventName) || this.conversationId === null) return false;
    this.post({
      _messageType: 1,
      _actionName: eventName,
      _conversationId: this.conversationId,
      _correlationId: 0,
      _errorCode: InvokeResultCode.noError,
      _responseType: 1,
      _data: data,
    });
    return true;
  }

  /**
   * Calls a method office.js offers the host (its service end point, on the notification
   * conversation `<conversation>_ntf`): `Office_notifyAgave` with an OSF.AgaveHostAction.
   */
  notify(actionName: string, data: unknown): boolean {
    if (this.conversationId === null) return false;
    this.post({
      _messageType: 0,
      _actionType: 0,
      _actionName: actionName,
      _conversationId: `${this.conversationId}_ntf`,
      _correlationId: this.nextNotification++,
      _origin: location.origin,
      _data: data,
    });
    return true;
  }

  private nextNotification = 1;

  /** Forgets registrations (the frame was reloaded or replaced). */
  reset(): void {
    this.registered.clear();
  }

  private receive(event: MessageEvent): void {
    const target = this.frame();
    if (!target || event.source !== target || event.origin !== this.addinOrigin) return;
    if (typeof event.data !== "string") return;
    let message: XdmRequest;
    try {
      message = JSON.parse(event.data) as XdmRequest;
    } catch {
      return;
    }
    if (!message || message._messageType !== 0 || typeof message._actionName !== "string") return;
    this.traffic?.push({ direction: "in", message: message as unknown as Record<string, unknown> });
    this.conversationId = message._conversationId;
    if (message._actionType === 1 || message._actionType === 2) {
      if (message._actionType === 1) this.registered.set(message._actionName, message._data);
      else this.registered.delete(message._actionName);
      this.answer(message, InvokeResultCode.noError, { Error: 0 });
      return;
    }
    const handler = this.calls.get(message._actionName);
    if (!handler) {
      this.unhandled.push(message._actionName);
      this.answer(message, InvokeResultCode.errorHandlingRequest, "Unknown method");
      return;
    }
    Promise.resolve()
      .then(() => handler(message._data))
      .then(
        (data) => this.answer(message, InvokeResultCode.noError, data),
        (error: unknown) => {
          console.error("office host: " + message._actionName + " failed", error);
          this.answer(message, InvokeResultCode.errorHandlingRequest, String(error));
        }
      );
  }

  private answer(request: XdmRequest, errorCode: number, data: unknown): void {
    this.post({
      _messageType: 1,
      _actionName: request._actionName,
      _conversationId: request._conversationId,
      _correlationId: request._correlationId,
      _errorCode: errorCode,
      _responseType: 0,
      _data: data ?? null,
    });
  }

  private post(message: Record<string, unknown>): void {
    const target = this.frame();
    if (!target) return;
    message._serializerVersion = 1;
    this.traffic?.push({ direction: "out", message });
    target.postMessage(JSON.stringify(message), this.addinOrigin);
  }
}
