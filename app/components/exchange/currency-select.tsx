import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Check } from '../icons/check.tsx';
import { ChevronDown } from '../icons/chevron-down.tsx';
import { Search } from '../icons/search.tsx';
import type { CurrencyOption } from '../../lib/exchange/initial.ts';
import { networkBesideName } from '../../../shared/exchange/network-name.ts';

/**
 * A searchable currency select (docs/product/site.md: 'All', 'Currency search'): a button opens a panel with a search box, kind
 * filters and the list grouped by kind. The search box is an ARIA combobox driving the listbox by
 * aria-activedescendant: focus stays in the box while the arrows move through the options, Enter picks, Escape closes
 * and returns focus to the button. Hand-made rather than react-aria's ComboBox: that one, with its Popover and ListBox,
 * measured ~60 KiB gzip on its own, three times the whole calculator (README, "Exchange calculator").
 */

type Kind = CurrencyOption['kind'];
const kindOrder: readonly Kind[] = ['card', 'bank', 'ewallet', 'crypto', 'cash'];

/** Whether `option` matches what was typed: any part of its name, code, symbol or network, case-insensitively. */
function matchesQuery(option: CurrencyOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [option.name, option.code, option.symbol, option.network ?? ''].some((s) => s.toLowerCase().includes(q));
}

/** The options in display order: grouped by kind (kinds in a fixed order), the operator's order inside a kind. */
function grouped(options: CurrencyOption[]) {
  return kindOrder
    .map((kind) => ({ kind, items: options.filter((o) => o.kind === kind) }))
    .filter((g) => g.items.length > 0);
}

/**
 * The currency's symbol, with its network when the name does not already say it ("Tether", "USDT · TRC20"; "Tether
 * TRC20", "USDT"): the name is written beside it, and the network is named once, as on the claim page. A network that
 * is the currency's own symbol ("BTC") is not one to name.
 */
function symbolLine(option: CurrencyOption): string {
  const network = networkBesideName(option);
  return network && network !== option.symbol ? `${option.symbol} · ${network}` : option.symbol;
}

/** Whether the currency lives on a network other than its own symbol (a token: USDT on TRC20 or ERC20). */
function onNetwork(option: CurrencyOption): boolean {
  return !!option.network?.trim() && option.network.trim() !== option.symbol;
}

function CurrencyIcon({ option, size = 28 }: { option: CurrencyOption; size?: number }) {
  return (
    <img
      src={option.logo}
      alt=""
      width={size}
      height={size}
      decoding="async"
      className="shrink-0 rounded-full bg-slate-100"
      style={{ width: size, height: size }}
    />
  );
}

interface CurrencySelectProps {
  /** Id of the element naming the select ("You send"). */
  labelId: string;
  options: CurrencyOption[];
  value: number | null;
  onChange: (id: number) => void;
  disabled?: boolean;
}

export function CurrencySelect({ labelId, options, value, onChange, disabled }: CurrencySelectProps) {
  const { t } = useTranslation('exchange');
  const id = useId();
  const triggerId = `${id}-trigger`;
  const listId = `${id}-list`;
  const optionId = (currency: CurrencyOption) => `${id}-option-${currency.id}`;

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<Kind | 'all'>('all');
  const [active, setActive] = useState(0);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const selected = options.find((o) => o.id === value);
  const kinds = useMemo(() => grouped(options).map((g) => g.kind), [options]);
  const groups = useMemo(
    () => grouped(options.filter((o) => (kind === 'all' || o.kind === kind) && matchesQuery(o, query))),
    [options, kind, query],
  );
  const flat = groups.flatMap((g) => g.items);
  const activeOption = flat[Math.min(active, flat.length - 1)];

  function openPanel() {
    setQuery('');
    setKind('all');
    setActive(
      Math.max(
        0,
        grouped(options)
          .flatMap((g) => g.items)
          .findIndex((o) => o.id === value),
      ),
    );
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  function choose(option: CurrencyOption) {
    close(true);
    if (option.id !== value) onChange(option.id);
  }

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  // A press anywhere outside the panel and its button closes it (like a native select).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !triggerRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // The active option stays in view while the arrows move through a long list.
  useEffect(() => {
    if (open && activeOption) document.getElementById(optionId(activeOption))?.scrollIntoView?.({ block: 'nearest' });
    // optionId is derived from `id`, stable for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, activeOption]);

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((i) => Math.min(i + 1, flat.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Enter':
        // Never submits the claim form: Enter here picks the active currency.
        event.preventDefault();
        if (activeOption) choose(activeOption);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
    }
  }

  function onTriggerKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openPanel();
    }
  }

  return (
    <div className="relative">
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${triggerId}`}
        onClick={() => (open ? close(false) : openPanel())}
        onKeyDown={onTriggerKey}
        className="focus-ring flex w-full cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-left shadow-sm transition hover:border-slate-400 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {selected ? (
          <>
            <CurrencyIcon option={selected} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-ink">{selected.name}</span>
              <span className="block truncate text-xs text-slate-600">
                {onNetwork(selected) ? symbolLine(selected) : t(`kind.${selected.kind}`)}
              </span>
            </span>
          </>
        ) : (
          <span className="flex-1 text-slate-600">{t('select.choose')}</span>
        )}
        <ChevronDown
          aria-hidden="true"
          className={`size-5 shrink-0 text-slate-500 transition ${open ? 'rotate-180' : ''}`}
        />
      </button>

      {/* A disabled select (a claim on its way) offers no list, even one left open. */}
      {open && !disabled && (
        <div
          ref={panelRef}
          role="dialog"
          aria-labelledby={labelId}
          className="absolute inset-x-0 top-full z-30 mt-2 min-w-[16rem] rounded-2xl border border-slate-200 bg-white p-3 shadow-xl"
          onBlur={(event) => {
            // Tabbing out of the panel closes it; moving between its own controls does not.
            if (!panelRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              ref={searchRef}
              type="text"
              role="combobox"
              aria-label={t('select.search')}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
              placeholder={t('select.search')}
              autoComplete="off"
              spellCheck={false}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onSearchKey}
              className="block w-full rounded-xl border border-slate-300 bg-white py-2 pr-3 pl-9 text-base text-ink outline-none placeholder:text-slate-500 focus:border-brand-600 focus:ring-4 focus:ring-brand-100"
            />
          </div>

          {kinds.length > 1 && (
            <div role="group" aria-label={t('select.kinds')} className="mt-2 flex flex-wrap gap-1.5">
              {(['all', ...kinds] as const).map((k) => (
                <button
                  key={k}
                  type="button"
                  aria-pressed={kind === k}
                  onClick={() => {
                    setKind(k);
                    setActive(0);
                  }}
                  className={`focus-ring cursor-pointer rounded-full px-3 py-1 text-sm font-medium transition ${
                    kind === k ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
                  }`}
                >
                  {k === 'all' ? t('select.all') : t(`kind.${k}`)}
                </button>
              ))}
            </div>
          )}

          {/* Presses on options must not move focus out of the search box (that would close the panel first). */}
          <div
            id={listId}
            role="listbox"
            tabIndex={-1}
            aria-labelledby={labelId}
            className="mt-2 max-h-72 overflow-y-auto overscroll-contain"
            onMouseDown={(event) => event.preventDefault()}
          >
            {groups.map((group) => (
              <div key={group.kind} role="group" aria-label={t(`kind.${group.kind}`)}>
                <div
                  aria-hidden="true"
                  className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {t(`kind.${group.kind}`)}
                </div>
                {group.items.map((option) => {
                  const isActive = option === activeOption;
                  const isSelected = option.id === value;
                  return (
                    // Keyboard users reach options through the search box (aria-activedescendant), not by Tab.
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                    <div
                      key={option.id}
                      id={optionId(option)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={isSelected}
                      onClick={() => choose(option)}
                      onMouseMove={() => setActive(flat.indexOf(option))}
                      className={`flex cursor-pointer items-center gap-3 rounded-xl px-2 py-2 ${isActive ? 'bg-brand-50' : ''}`}
                    >
                      <CurrencyIcon option={option} size={24} />
                      <span className="min-w-0 flex-1 truncate text-ink">{option.name}</span>
                      <span className="text-xs text-slate-600">{symbolLine(option)}</span>
                      <Check
                        aria-hidden="true"
                        className={`size-4 shrink-0 text-brand-600 ${isSelected ? '' : 'invisible'}`}
                      />
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          {flat.length === 0 && (
            <p role="status" className="px-2 py-3 text-sm text-slate-600">
              {t('select.empty')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
