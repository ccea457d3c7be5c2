import { m2ToMu, muToM2, round } from '@land/shared/helpers';
import type { EntityHooks } from '../hooks';

type BeforeSave = NonNullable<EntityHooks['beforeSave']>;

const isGiven = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A beforeSave keeping areas stored in m² and in 亩 consistent: when a save gives one of a pair
 * and not the other, the other is computed (rounded to the field's precision); clearing one
 * clears the other. When both are given they are kept as sent.
 */
export function keepAreaUnits(...pairs: [m2: string, mu: string][]): BeforeSave {
  return (values, { def }) => {
    const precision = (name: string) => def.fields.find((f) => f.name === name)?.precision ?? 2;
    const out = { ...values };
    for (const [m2, mu] of pairs) {
      const m2Value = out[m2];
      const muValue = out[mu];
      if (isGiven(m2Value) && !isGiven(muValue)) out[mu] = round(m2ToMu(m2Value), precision(mu));
      else if (isGiven(muValue) && !isGiven(m2Value)) out[m2] = round(muToM2(muValue), precision(m2));
      else if (m2 in out && !(mu in out)) out[mu] = null;
      else if (mu in out && !(m2 in out)) out[m2] = null;
    }
    return out;
  };
}
