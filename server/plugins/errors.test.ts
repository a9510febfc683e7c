import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../tests/helpers/build.ts';
import { registerErrorHandler } from './errors.ts';

describe('the error handler’s last resorts', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('a body that does not match its Content-Length answers in the caller’s language with a code', async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    const lie = (prefix: string) =>
      t!.inject({
        method: 'POST',
        url: `${prefix}/api/v1/claim/`,
        payload: '{"email":"a@b.example"}',
        headers: { 'content-type': 'application/json', 'content-length': '3' },
      });
    const ru = await lie('');
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({
      detail: 'Тело запроса не совпадает по длине с заголовком Content-Length.',
      code: 'body_length_mismatch',
    });
    expect((await lie('/en')).json()).toEqual({
      detail: 'The request body does not match its Content-Length.',
      code: 'body_length_mismatch',
    });
  });

  it('any other client error keeps its status and says the catalogue’s words, never the framework’s', async () => {
    const app = Fastify();
    app.decorateRequest('locale', 'ru');
    registerErrorHandler(app);
    app.get('/odd', () => {
      throw Object.assign(new Error('FST internal wording'), { statusCode: 406, code: 'FST_ERR_SOMETHING' });
    });
    const res = await app.inject('/odd');
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({ detail: 'Некорректный запрос.', code: 'bad_request' });
    await app.close();
  });
});
