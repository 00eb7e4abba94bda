/** What sends a text message: the outbox folder (sms.ts) or Vonage (vonage-sms.ts). */

/** Sends a text message to a phone number (E.164). */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}
