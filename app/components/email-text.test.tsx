// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { EmailText } from './email-text.tsx';

afterEach(cleanup);

describe('EmailText', () => {
  it('offers a line break only before the "@", the address itself whole', () => {
    const { container } = render(<EmailText value="acc-fresh-1@example.com" testId="email" />);
    const span = container.querySelector('[data-testid="email"]')!;
    expect(span.textContent).toBe('acc-fresh-1@example.com');
    expect(span.innerHTML).toBe('acc-fresh-1<wbr>@example.com');
  });

  it('writes a value without an "@" as it is', () => {
    const { container } = render(<EmailText value="nobody" className="x" />);
    expect(container.innerHTML).toBe('<span class="x">nobody</span>');
  });
});
