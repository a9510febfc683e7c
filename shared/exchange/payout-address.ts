import { fieldIssue } from '../field-issues.ts';
import { checkAddress, type AddressProblem } from './addresses.ts';

/**
 * The network a referral withdrawal is paid out on. The programme keeps and pays its balance in USDT (the `referral`
 * setting's currency, docs/decisions/0009) and the operator sends it as USDT TRC20, which is what the form's hint asks
 * for: the payout details are a Tron address, checked as a claim's TRC20 address is (docs/decisions/0018). Kept in this
 * small module, without zod or the other requisite kinds' libraries, because the account page's form runs it too.
 */
export const withdrawalNetwork = 'TRC20';

/** The field issue (a catalogue code) of an address's problem on `network`: a claim's, a refund's, a withdrawal's. */
export function addressIssue(problem: AddressProblem, network: string | null): string {
  const params = { network: network ?? '' };
  if (problem === 'checksum') return fieldIssue('field_address_checksum', params);
  if (problem === 'network') return fieldIssue('field_address_network', params);
  return fieldIssue('field_invalid_address', params);
}

/** What is wrong with a withdrawal's (trimmed) payout details as a `withdrawalNetwork` address, or null. */
export function withdrawalAddressIssue(value: string): string | null {
  const problem = checkAddress(withdrawalNetwork, value);
  return problem ? addressIssue(problem, withdrawalNetwork) : null;
}
