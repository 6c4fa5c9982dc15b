/**
 * The query parameters of the hosted Images API: `w`, `h`, `q`, `r`, `fit`, `f`, `bg`, `fm`, `fl`. Other
 * parameters (cache busters, tracking) are ignored so existing front ends work unchanged.
 */
export const FITS = ['pad', 'fill', 'scale', 'crop', 'thumb'] as const;
export const FOCUS_AREAS = [
  'center',
  'top',
  'right',
  'left',
  'bottom',
  'top_right',
  'top_left',
  'bottom_right',
  'bottom_left',
  'face',
  'faces',
] as const;
export const FORMATS = ['jpg', 'png', 'webp'] as const;
export const FLAGS = ['progressive', 'png8'] as const;

export type Fit = (typeof FITS)[number];
export type Focus = (typeof FOCUS_AREAS)[number];
export type ImageFormat = (typeof FORMATS)[number];
export type Flag = (typeof FLAGS)[number];

export interface ImageParams {
  w?: number;
  h?: number;
  q?: number;
  /** Corner radius in pixels; -1 makes a circle (square images) or an ellipse. */
  r?: number;
  fit?: Fit;
  f?: Focus;
  /** Background colour as `rrggbb`. */
  bg?: string;
  fm?: ImageFormat;
  fl?: Flag;
}

export interface ImageParamProblem {
  name: string;
  parameter: string;
  value: unknown;
  details: string;
}

const MAX_DIMENSION = 4000;

const INTEGERS: Record<'w' | 'h' | 'q' | 'r', { min: number; max: number; details: string }> = {
  w: { min: 1, max: MAX_DIMENSION, details: `w (width) must be an integer from 1 to ${MAX_DIMENSION}.` },
  h: { min: 1, max: MAX_DIMENSION, details: `h (height) must be an integer from 1 to ${MAX_DIMENSION}.` },
  q: { min: 1, max: 100, details: 'q (quality) must be an integer from 1 to 100.' },
  r: {
    min: -1,
    max: MAX_DIMENSION,
    details: `r (corner radius) must be -1 (circle or ellipse) or an integer from 0 to ${MAX_DIMENSION}.`,
  },
};

const CHOICES = {
  fit: { values: FITS, details: `fit must be one of ${FITS.join(', ')}.` },
  f: { values: FOCUS_AREAS, details: `f (focus area) must be one of ${FOCUS_AREAS.join(', ')}.` },
  fm: { values: FORMATS, details: `fm (format) must be one of ${FORMATS.join(', ')}.` },
  fl: { values: FLAGS, details: 'fl must be progressive (with JPG output) or png8 (with PNG output).' },
} as const;

/** The output format a source content type keeps when `fm` is absent; other image types become PNG. */
export function formatOfContentType(contentType: string): ImageFormat {
  if (contentType === 'image/jpeg' || contentType === 'image/jpg' || contentType === 'image/pjpeg') return 'jpg';
  if (contentType === 'image/webp') return 'webp';
  return 'png';
}

/**
 * Parses and checks the parameters against the source's content type; every problem names its parameter and the
 * allowed values. `fl` must fit the output format (`fm`, or the source's own format when `fm` is absent).
 */
export function parseImageParams(
  query: Record<string, unknown>,
  sourceContentType: string,
): { params: ImageParams; format: ImageFormat } | { problems: ImageParamProblem[] } {
  const problems: ImageParamProblem[] = [];
  const params: ImageParams = {};
  const single = (name: string): string | undefined => {
    const raw = query[name];
    if (raw === undefined) return undefined;
    if (typeof raw !== 'string') {
      problems.push({ name: 'repeated', parameter: name, value: raw, details: `${name} may be given once.` });
      return undefined;
    }
    return raw;
  };
  for (const [name, rule] of Object.entries(INTEGERS) as Array<[keyof typeof INTEGERS, (typeof INTEGERS)['w']]>) {
    const raw = single(name);
    if (raw === undefined) continue;
    const value = /^-?\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isInteger(value) || value < rule.min || value > rule.max)
      problems.push({ name: 'range', parameter: name, value: raw, details: rule.details });
    else params[name] = value;
  }
  for (const [name, rule] of Object.entries(CHOICES) as Array<
    [keyof typeof CHOICES, { values: readonly string[]; details: string }]
  >) {
    const raw = single(name);
    if (raw === undefined) continue;
    if (rule.values.includes(raw)) (params as Record<string, unknown>)[name] = raw;
    else problems.push({ name: 'in', parameter: name, value: raw, details: rule.details });
  }
  const bg = single('bg');
  if (bg !== undefined) {
    const match = /^rgb:([0-9a-fA-F]{6})$/.exec(bg);
    if (match) params.bg = match[1].toLowerCase();
    else
      problems.push({
        name: 'format',
        parameter: 'bg',
        value: bg,
        details: 'bg (background colour) must be rgb: and six hex digits, e.g. rgb:ffffff.',
      });
  }
  const format = params.fm ?? formatOfContentType(sourceContentType);
  if (params.fl === 'progressive' && format !== 'jpg') {
    problems.push({
      name: 'in',
      parameter: 'fl',
      value: 'progressive',
      details: `fl=progressive needs JPG output (fm=jpg); the output here is ${format}.`,
    });
  }
  if (params.fl === 'png8' && format !== 'png') {
    problems.push({
      name: 'in',
      parameter: 'fl',
      value: 'png8',
      details: `fl=png8 needs PNG output (fm=png); the output here is ${format}.`,
    });
  }
  return problems.length ? { problems } : { params, format };
}

/** Whether the request asks for any transformation at all (otherwise the original bytes are served). */
export const isIdentity = (params: ImageParams): boolean => Object.keys(params).length === 0;

/** A stable string of the parameters and the output format, the key of the rendition cache. */
export function normalizeParams(params: ImageParams, format: ImageFormat): string {
  const keys = Object.keys(params).sort() as Array<keyof ImageParams>;
  return [...keys.map((k) => `${k}=${params[k]}`), `format=${format}`].join('&');
}
