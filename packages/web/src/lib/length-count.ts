import { hanziCount } from '@land/shared/helpers';

/**
 * antd's `count` for a text box under a SPEC length rule of `units` (len200: 200): counted in
 * Chinese characters as the rule's message says, red past the limit, and nothing typed or
 * pasted is cut (`maxLength` would cut silently); the form's rule says what is wrong.
 */
export const lengthCount = (units: number) => ({ show: true, max: units / 2, strategy: hanziCount });
