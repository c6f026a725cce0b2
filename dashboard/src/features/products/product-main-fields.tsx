import { TAX_EXEMPTION_MAX } from '@comptoir/api/text-limits';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../ui/field';
import { Input, Textarea } from '../../ui/input';
import { Select } from '../../ui/select';
import { DESCRIPTION_MAX, descriptionRules, remainingText } from '../brands/description';
import type { ProductFields } from './api';
import { AMOUNT_PATTERN, normaliseAmountInput } from './money';
import { EXEMPTION_REQUIRED } from './product-form-values';
import type { ProductOptions, SelectOption } from './use-product-options';

const required = (message: string) => ({ validate: (v: string) => (v.trim() ? true : message) });
const WHOLE = /^\d{1,9}$/;

/** A select of the form (currency, TVA, brand, category), wired to react-hook-form. */
function SelectField({
  form,
  name,
  id,
  label,
  requiredMessage,
  options,
  placeholder,
  disabled,
  className,
}: {
  form: UseFormReturn<ProductFields>;
  name: 'currency_id' | 'tax_rate_bp' | 'brand_id' | 'category_id';
  id: string;
  label: string;
  requiredMessage: string;
  options: SelectOption[];
  placeholder?: string;
  disabled: boolean;
  className?: string;
}) {
  return (
    <Field id={id} label={label} error={form.formState.errors[name]?.message} required className={className}>
      {(controlProps) => (
        <Controller
          control={form.control}
          name={name}
          rules={required(requiredMessage)}
          render={({ field }) => (
            <Select
              {...controlProps}
              value={field.value}
              onValueChange={field.onChange}
              options={options}
              placeholder={placeholder}
              disabled={disabled}
            />
          )}
        />
      )}
    </Field>
  );
}

/** The product's own fields: name, reference, stock, threshold, price, currency, TVA, brand, category, description. */
export function ProductMainFields({
  form,
  options,
  busy,
}: {
  form: UseFormReturn<ProductFields>;
  options: ProductOptions;
  busy: boolean;
}) {
  const { register, watch } = form;
  const errors = form.formState.errors;
  const exempt = watch('tax_rate_bp') === '0';
  const description = watch('description');
  const { symbol } = options;
  return (
    <>
      <div className="grid gap-2 sm:grid-cols-2">
        <Field id="product-name" label="Nom du produit" error={errors.name?.message} required>
          <Input autoComplete="off" {...register('name', required('Le nom est requis.'))} />
        </Field>
        <Field id="product-reference" label="Référence" error={errors.reference?.message} required>
          <Input autoComplete="off" {...register('reference', required('La référence est requise.'))} />
        </Field>
        <Field id="product-stock" label="Quantité en stock" error={errors.stock?.message} required>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            {...register('stock', {
              validate: (v) => {
                if (!String(v).trim()) return 'La quantité est requise.';
                return WHOLE.test(String(v).trim()) ? true : 'La quantité doit être un nombre entier positif ou nul.';
              },
            })}
          />
        </Field>
        <Field
          id="product-low-stock"
          label="Seuil de stock bas"
          hint="Vide : le seuil par défaut. À ce niveau ou en dessous, le produit apparaît en stock bas sur l'accueil."
          error={errors.low_stock_threshold?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            {...register('low_stock_threshold', {
              validate: (v) =>
                !String(v).trim() || WHOLE.test(String(v).trim())
                  ? true
                  : 'Le seuil de stock bas doit être un nombre entier positif ou nul.',
            })}
          />
        </Field>
        <Field id="product-price" label="Prix" error={errors.price?.message} required>
          {(controlProps) => (
            <div className="relative">
              <Input
                {...controlProps}
                inputMode="decimal"
                autoComplete="off"
                className={symbol ? 'pr-7' : undefined}
                {...register('price', {
                  validate: (v) => {
                    if (!String(v).trim()) return 'Le prix est requis.';
                    return AMOUNT_PATTERN.test(normaliseAmountInput(String(v)))
                      ? true
                      : 'Le prix doit être un nombre positif avec au plus deux décimales.';
                  },
                })}
              />
              {symbol ? (
                <span
                  className="pointer-events-none absolute right-1 top-1/2 -translate-y-1/2 text-sm font-medium text-ink-subtle"
                  data-testid="price-symbol"
                >
                  {symbol}
                </span>
              ) : null}
            </div>
          )}
        </Field>
        <SelectField
          form={form}
          name="currency_id"
          id="product-currency"
          label="Devise"
          requiredMessage="La devise est requise."
          options={options.currencyOptions}
          placeholder={options.currencyPlaceholder}
          disabled={busy || options.currenciesPending}
        />
        <SelectField
          form={form}
          name="tax_rate_bp"
          id="product-tax-rate"
          label="TVA"
          requiredMessage="Le taux de TVA est requis."
          options={options.taxOptions}
          disabled={busy}
        />
        {exempt ? (
          <Field id="product-tax-exemption" label="Motif d'exonération" error={errors.tax_exemption?.message} required>
            <Input
              autoComplete="off"
              maxLength={TAX_EXEMPTION_MAX}
              {...register('tax_exemption', { validate: (v) => (exempt && !v.trim() ? EXEMPTION_REQUIRED : true) })}
            />
          </Field>
        ) : null}
        <SelectField
          form={form}
          name="brand_id"
          id="product-brand"
          label="Marque"
          requiredMessage="La marque est requise."
          options={options.brandOptions}
          placeholder={options.brandPlaceholder}
          disabled={busy || options.brandsPending}
        />
        <SelectField
          form={form}
          name="category_id"
          id="product-category"
          label="Catégorie"
          requiredMessage="La catégorie est requise."
          options={options.categoryOptions}
          placeholder={options.categoryPlaceholder}
          disabled={busy || options.categoriesPending}
          className="sm:col-span-2"
        />
      </div>
      <Field
        id="product-description"
        label="Description"
        error={errors.description?.message}
        aside={<span aria-live="polite">{remainingText(description)}</span>}
        required
      >
        <Textarea maxLength={DESCRIPTION_MAX} rows={4} {...register('description', descriptionRules)} />
      </Field>
    </>
  );
}
