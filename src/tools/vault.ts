/**
 * Where send tools' delivery functions are kept, apart from the registry. The registry only
 * writes here (at registration); only the executor reads (after a person confirmed).
 */
import type { ReadTool, SendTool, WriteTool } from './types.ts';

/** A tool as the registry keeps it: a send tool without its delivery function. */
export type StoredTool = ReadTool | WriteTool | Omit<SendTool, 'deliver'>;
export type DeliverFn = SendTool['deliver'];

export class DeliveryVault {
  private readonly fns = new Map<string, DeliverFn>();
  put(name: string, fn: DeliverFn): void {
    this.fns.set(name, fn);
  }
  get(name: string): DeliverFn | undefined {
    return this.fns.get(name);
  }
}
