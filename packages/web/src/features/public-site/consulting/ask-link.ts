/**
 * A link to 咨询服务 about one thing (a parcel, a stock-land plot, a second-market listing): the
 * question form opens with a title naming it and a fitting category, which the visitor can change.
 */
import { PROBLEM_CATEGORY_LABELS } from '../../public-map/format';

/** The consultation entity's categories (tProblem.category). */
export type AskCategory = 'landPolicy' | 'investment' | 'approval' | 'transaction' | 'other';

/** The longest subject carried in the link (the title field takes 100 characters). */
const SUBJECT_MAX = 80;

export function askHref(subject: string, category?: AskCategory): string {
  const params = new URLSearchParams();
  const about = subject.trim().slice(0, SUBJECT_MAX);
  if (about) params.set('about', about);
  if (category) params.set('category', category);
  const query = params.toString();
  return query ? `/consultingServices?${query}` : '/consultingServices';
}

/** The form's starting title and category from a link made by askHref (anything else is ignored). */
export function askStart(params: URLSearchParams): { title: string; category?: AskCategory } {
  const about = (params.get('about') ?? '').trim().slice(0, SUBJECT_MAX);
  const category = params.get('category') ?? '';
  return {
    title: about ? `关于“${about}”的咨询` : '',
    category: Object.hasOwn(PROBLEM_CATEGORY_LABELS, category) ? (category as AskCategory) : undefined,
  };
}
