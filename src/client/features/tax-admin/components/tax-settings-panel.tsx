import type { ReactNode } from 'react';
import { REGISTRATION_LABELS, SCHEME_LABELS } from '#shared/taxes/tax-report.ts';
import type { TaxSettingsView } from '#shared/taxes/tax-report-schema.ts';
import { countryName, formatRate } from '#shared/taxes/taxes.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { formatDay } from '../tax-format';
import { useTaxSettings } from '../api/tax-admin-queries';
import { ColumnHeads } from '#client/components/ui/column-heads.tsx';

/** One setting: what it is, its value, and the environment variables it comes from. */
function Setting({ label, names, children }: { label: string; names: string[]; children: ReactNode }) {
  return (
    <div className="tax-settings__item">
      <dt>{label}</dt>
      <dd>
        <div className="tax-settings__value">{children}</div>
        <div className="tax-settings__names">
          {names.map((name) => (
            <code key={name}>{name}</code>
          ))}
        </div>
      </dd>
    </div>
  );
}

const notSet = <span className="muted">Not set</span>;

function Seller({ settings }: { settings: TaxSettingsView }) {
  const { seller } = settings;
  return (
    <>
      <div>
        {seller.name ?? (
          <>
            {settings.storeName} <span className="muted">(the store’s name: no seller name is set)</span>
          </>
        )}
      </div>
      <div className="tax-settings__address">{seller.address ?? notSet}</div>
      <div>{seller.country ? `${countryName(seller.country)} (${seller.country})` : notSet}</div>
      <div>Tax ID: {seller.taxId ?? notSet}</div>
    </>
  );
}

/** The rates the checkout charges under the registrations, folded away: 27 rows for the EU alone. */
function Rates({ settings }: { settings: TaxSettingsView }) {
  if (settings.rates.length === 0) return <span className="muted">None: no tax is charged.</span>;
  return (
    <details className="tax-settings__rates">
      <summary>
        {settings.rates.length === 1 ? '1 rate' : `${settings.rates.length} rates`}, from the table of{' '}
        {formatDay(settings.ratesDate)}
      </summary>
      <table className="tax-settings__rate-table">
        <ColumnHeads columns={['Country', 'Scheme', 'Rate']} />
        <tbody>
          {settings.rates.map((rate) => (
            <tr key={rate.country}>
              <td>{countryName(rate.country)}</td>
              <td>{SCHEME_LABELS[rate.scheme] ?? rate.scheme}</td>
              <td className="tax-number">{formatRate(rate.rateBp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The tax settings the server runs with, read-only: they are environment variables, set where the store runs. */
export function TaxSettingsPanel() {
  const settings = useTaxSettings();
  return (
    <section className="tax-settings" aria-labelledby="tax-settings-heading">
      <h2 id="tax-settings-heading">Settings</h2>
      <p className="muted">
        These come from the server’s environment variables, named under each one. To change one, set it where the store
        runs and restart it; documents already issued keep what they say.
      </p>
      {settings.isPending && <p className="muted">Loading...</p>}
      {settings.isError && <FormMessage kind="error">Failed to load the tax settings. Please try again.</FormMessage>}
      {settings.data && (
        <dl className="tax-settings__list">
          <Setting label="Tax charged" names={['TAX_REGISTRATIONS']}>
            {settings.data.registrations.length === 0 ? (
              <strong>No tax is charged</strong>
            ) : (
              <ul className="tax-settings__registrations">
                {settings.data.registrations.map((registration) => (
                  <li key={registration}>{REGISTRATION_LABELS[registration] ?? registration}</li>
                ))}
              </ul>
            )}
          </Setting>
          <Setting
            label="Seller on invoices"
            names={['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_COUNTRY', 'SELLER_TAX_ID']}
          >
            <Seller settings={settings.data} />
          </Setting>
          <Setting label="Currency" names={['STORE_CURRENCY']}>
            {settings.data.currency.toUpperCase()}
          </Setting>
          <Setting label="Prices" names={['PRICES_INCLUDE_TAX']}>
            {settings.data.pricesIncludeTax
              ? 'Include tax: every buyer pays the shown price'
              : 'Tax is added at checkout'}
          </Setting>
          <Setting label="Next invoice" names={['INVOICE_PREFIX', 'INVOICE_FIRST_NUMBER']}>
            {settings.data.invoice.nextDisplay}
          </Setting>
          <Setting label="Next credit note" names={['CREDIT_NOTE_PREFIX']}>
            {settings.data.creditNote.nextDisplay}
          </Setting>
          <Setting label="VAT numbers" names={['VIES_URL']}>
            {settings.data.viesConfigured
              ? 'Checked with VIES'
              : 'Not checked with VIES: a well-formed number is believed'}
          </Setting>
          <Setting label="Stripe Tax" names={['STRIPE_TAX']}>
            {settings.data.stripeTax ? 'On: Stripe decides the tax, not the table below' : 'Off: the built-in table'}
          </Setting>
          <Setting label="Rates charged" names={['TAX_REGISTRATIONS', 'SELLER_COUNTRY']}>
            <Rates settings={settings.data} />
          </Setting>
        </dl>
      )}
    </section>
  );
}
