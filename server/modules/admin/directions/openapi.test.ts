import { describe, expect, it } from 'vitest';
import { build } from '../../../../tests/helpers/build.ts';

type Operation = {
  requestBody?: { content: { 'application/json': { schema: { properties: Record<string, { type?: string }> } } } };
  parameters?: { name: string; in: string }[];
};

/**
 * The routes validate with the shared constants and the document is generated from them: fields that take `unknown`
 * (to answer our own field messages) must still tell a client what to send.
 */
describe('admin directions, payment details, rates, promocodes in the OpenAPI document', () => {
  it('documents each body field with its type and each filter', async () => {
    const t = await build({ ssr: false, seed: false });
    try {
      const res = await t.inject('/api/docs/json');
      expect(res.statusCode).toBe(200);
      const paths = res.json().paths as Record<string, Record<string, Operation>>;
      const body = (path: string, method: string) =>
        paths[path]![method]!.requestBody!.content['application/json'].schema.properties;
      const types = (path: string, method: string) =>
        Object.fromEntries(Object.entries(body(path, method)).map(([k, v]) => [k, v.type]));

      expect(types('/api/v1/admin/directions/', 'post')).toMatchObject({
        fromCurrencyId: 'integer',
        courseManual: 'string',
        markupPercent: 'string',
        fromRound: 'integer',
        paymentWindowMinutes: 'integer',
        fromNotify: 'object',
      });
      expect(types('/api/v1/admin/directions/{id}/', 'put')).toMatchObject({ fromMin: 'string', position: 'integer' });
      expect(types('/api/v1/admin/currencies/', 'post')).toMatchObject({
        code: 'string',
        decimals: 'integer',
        network: 'string',
        fromInputs: 'array',
      });
      expect(types('/api/v1/admin/currencies/{id}/reserve/', 'post')).toEqual({
        delta: 'string',
        reason: 'string',
        expected: 'string',
      });
      expect(types('/api/v1/admin/promocodes/', 'post')).toMatchObject({
        discountPercent: 'string',
        validFrom: 'string',
        maxUses: 'integer',
        assignedTo: 'array',
      });
      expect(types('/api/v1/admin/payment-details/', 'post')).toMatchObject({ currencyId: 'integer', value: 'string' });
      expect(types('/api/v1/admin/payment-details/{id}/active/', 'put')).toEqual({
        active: 'boolean',
        confirm: 'boolean',
      });
      const query = (path: string) =>
        (paths[path]!.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(query('/api/v1/admin/payment-details/')).toEqual(
        expect.arrayContaining(['currency', 'active', 'page', 'size']),
      );
      expect(query('/api/v1/admin/rates/history/')).toEqual(expect.arrayContaining(['source', 'symbol', 'page']));
      expect(query('/api/v1/admin/currencies/{id}/reserve-history/')).toEqual(expect.arrayContaining(['page', 'size']));
    } finally {
      await t.close();
    }
  });
});
