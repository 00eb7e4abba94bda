/** The merchant contract's examples, found beside the checkout (`../shared/contract`) wherever it is cloned. */
import { fileURLToPath } from 'node:url';

/** The path of one of the contract's example files, e.g. `merchant.example.json`. */
export function contractExample(name: string): string {
  return fileURLToPath(new URL(`../../../shared/contract/${name}`, import.meta.url));
}
