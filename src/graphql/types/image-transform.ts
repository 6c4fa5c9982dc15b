import { GraphQLEnumType, GraphQLInputObjectType, GraphQLInt, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import type { ImageParams } from '../../assets/image-params.ts';
import { executionError } from '../errors.ts';

/**
 * A bounded scalar: values outside its rule fail validation (literals) or variable coercion, both answered 400
 * GRAPHQL_VALIDATION_FAILED before anything runs.
 */
function checkedScalar<T>(
  name: string,
  description: string,
  kind: Kind.INT | Kind.STRING,
  check: (v: unknown) => v is T,
) {
  const parse = (value: unknown): T => {
    if (!check(value))
      throw executionError(
        'GRAPHQL_VALIDATION_FAILED',
        `${name} must be ${description}; got ${JSON.stringify(value)}`,
        { type: name, value },
      );
    return value;
  };
  return new GraphQLScalarType<T, T>({
    name,
    description: `${name}: ${description}.`,
    serialize: (v) => v as T,
    parseValue: parse,
    parseLiteral: (node: ValueNode) => {
      if (node.kind !== kind)
        throw executionError('GRAPHQL_VALIDATION_FAILED', `${name} must be ${description}`, { type: name });
      return parse(kind === Kind.INT ? Number((node as { value: string }).value) : (node as { value: string }).value);
    },
  });
}

const intIn =
  (min: number, max: number) =>
  (v: unknown): v is number =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

const MAX_DIMENSION = 4000;

export const DimensionType = checkedScalar(
  'Dimension',
  `an integer from 1 to ${MAX_DIMENSION} (pixels)`,
  Kind.INT,
  intIn(1, MAX_DIMENSION),
);
export const QualityType = checkedScalar('Quality', 'an integer from 1 to 100 (percent)', Kind.INT, intIn(1, 100));
export const HexColorType = checkedScalar(
  'HexColor',
  'rgb: followed by six hex digits, e.g. rgb:ffffff',
  Kind.STRING,
  (v: unknown): v is string => typeof v === 'string' && /^rgb:[0-9a-fA-F]{6}$/.test(v),
);

const enumOf = (name: string, values: Record<string, unknown>) =>
  new GraphQLEnumType({ name, values: Object.fromEntries(Object.entries(values).map(([k, value]) => [k, { value }])) });

/** FIT is the images host's default (no `fit` parameter). */
export const ImageResizeStrategyType = enumOf('ImageResizeStrategy', {
  FIT: null,
  PAD: 'pad',
  FILL: 'fill',
  SCALE: 'scale',
  CROP: 'crop',
  THUMB: 'thumb',
});
export const ImageResizeFocusType = enumOf('ImageResizeFocus', {
  CENTER: 'center',
  TOP: 'top',
  RIGHT: 'right',
  LEFT: 'left',
  BOTTOM: 'bottom',
  TOP_RIGHT: 'top_right',
  TOP_LEFT: 'top_left',
  BOTTOM_RIGHT: 'bottom_right',
  BOTTOM_LEFT: 'bottom_left',
  FACE: 'face',
  FACES: 'faces',
});
export const ImageFormatType = enumOf('ImageFormat', {
  JPG: { fm: 'jpg' },
  JPG_PROGRESSIVE: { fm: 'jpg', fl: 'progressive' },
  PNG: { fm: 'png' },
  PNG8: { fm: 'png', fl: 'png8' },
  WEBP: { fm: 'webp' },
});

export const ImageTransformOptionsType = new GraphQLInputObjectType({
  name: 'ImageTransformOptions',
  fields: {
    width: { type: DimensionType },
    height: { type: DimensionType },
    quality: { type: QualityType },
    cornerRadius: { type: GraphQLInt, description: 'Pixels; -1 gives a full circle or ellipse.' },
    resizeStrategy: { type: ImageResizeStrategyType },
    resizeFocus: { type: ImageResizeFocusType },
    backgroundColor: { type: HexColorType },
    format: { type: ImageFormatType },
  },
});

export interface ImageTransformOptions {
  width?: number | null;
  height?: number | null;
  quality?: number | null;
  cornerRadius?: number | null;
  resizeStrategy?: ImageParams['fit'] | null;
  resizeFocus?: ImageParams['f'] | null;
  backgroundColor?: string | null;
  format?: { fm: NonNullable<ImageParams['fm']>; fl?: ImageParams['fl'] } | null;
}

/** The images host's query string for the options, parameters in a fixed order (`w h q r fit f bg fm fl`). */
export function imageQuery(t: ImageTransformOptions): string {
  if (t.cornerRadius != null && !(t.cornerRadius >= -1 && t.cornerRadius <= MAX_DIMENSION)) {
    throw executionError(
      'GRAPHQL_VALIDATION_FAILED',
      `cornerRadius must be -1 (circle or ellipse) or an integer from 0 to ${MAX_DIMENSION}`,
      { cornerRadius: t.cornerRadius },
    );
  }
  const params: Array<[string, string | number | null | undefined]> = [
    ['w', t.width],
    ['h', t.height],
    ['q', t.quality],
    ['r', t.cornerRadius],
    ['fit', t.resizeStrategy],
    ['f', t.resizeFocus],
    ['bg', t.backgroundColor?.toLowerCase()],
    ['fm', t.format?.fm],
    ['fl', t.format?.fl],
  ];
  // Every value is a checked number, an enum value or `rgb:` and hex digits: nothing needs escaping.
  return params
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/**
 * The URL of a file with the transformation applied: the images host's parameters appended when the file is an
 * image (processing measured its size, and it is served on the images host); any other file keeps its plain URL.
 */
export function transformedUrl(
  url: string | null,
  isImage: boolean,
  transform: ImageTransformOptions | null | undefined,
): string | null {
  if (!url || !transform) return url;
  const query = imageQuery(transform);
  if (!isImage || !query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
