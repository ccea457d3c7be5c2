import svgCaptcha from 'svg-captcha';

/** Look-alikes left out so a person can read every code. */
const IGNORE = '0oO1iIlLqg9';

/** A login captcha: four characters drawn as SVG paths (not text a script could read back), with noise. */
export function renderCaptcha(): { text: string; svg: string } {
  const { text, data } = svgCaptcha.create({ size: 4, ignoreChars: IGNORE, noise: 3, color: true, width: 120, height: 40, background: '#f3f6fa' });
  return { text, svg: data };
}
