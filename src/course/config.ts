/**
 * The course config: what a course owner sets in `course.config.ts` at the top
 * of the project. Validated when the site is built (`astro build` / `astro dev`);
 * a wrong value stops the build with a message that names the field.
 *
 * Engine terms (the policy is applied by src/components/pure/engine-policy.ts):
 * - `engine: 'auto'`          -> WebContainer on demand: widgets start in the Worker engine,
 *                               the engine badge offers "run in real Node" (the default).
 * - `engine: 'worker'`        -> Worker engine only; WebContainer is never offered.
 * - `engine: 'webcontainer'`  -> try WebContainer at page load where the page is cross-origin
 *                               isolated; fall back to the Worker engine with the reason.
 */
import { z } from 'astro/zod';

const basePath = z
  .string()
  .regex(/^\/([A-Za-z0-9._~-]+\/)*$/, 'must start and end with "/" and hold only URL-safe path segments, e.g. "/" or "/courses/mcp/"');

const lessonSlug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a lesson file name without extension, e.g. "the-wire" for lessons/the-wire.mdx');

/** The shape `course.config.ts` exports (after defaults are filled in). */
export const courseConfigSchema = z
  .object({
    /** Site title in the header and the browser tab. */
    title: z.string().min(1, 'must not be empty').default('MCP by Hand'),
    /** Where the course is hosted, e.g. "https://example.edu"; used for canonical links and the sitemap. */
    site: z.url('must be an absolute URL such as "https://courses.example.edu"').optional(),
    /** Path the course lives under on that host: "/" or e.g. "/courses/mcp/". Every link and asset follows it. */
    base: basePath.default('/'),
    /**
     * Which lessons to publish and in what order (file names in lessons/ without extension).
     * Omit it to publish every lesson, ordered by each lesson's `sidebar.order` frontmatter.
     */
    lessons: z.array(lessonSlug).min(1, 'list at least one lesson, or leave `lessons` out to publish all').optional(),
    /** Default engine for the widgets: see the module comment. */
    engine: z.enum(['auto', 'worker', 'webcontainer']).default('auto'),
    webcontainer: z
      .object({
        /** Whether WebContainer may be used at all. `false` behaves like `engine: 'worker'`. */
        allowed: z.boolean().default(true),
        /**
         * StackBlitz WebContainer API key (client id) for commercial hosts. It is sent to the
         * browser, as StackBlitz requires; it is not a secret.
         */
        apiKey: z.string().min(1).optional(),
      })
      .strict()
      .default({ allowed: true }),
  })
  .strict();

/** What a course owner writes (every field optional). */
export type CourseConfigInput = z.input<typeof courseConfigSchema>;
/** The validated config, defaults filled in. */
export type CourseConfig = z.output<typeof courseConfigSchema>;

/** The part of the config the browser sees (`virtual:mcp-by-hand/course`, and `course.json` in the build). */
export interface PublicCourseConfig {
  title: string;
  base: string;
  /** Resolved engine policy, from `engine` above: 'off' (worker), 'on-demand' (auto), 'preferred' (webcontainer). */
  webcontainer: 'off' | 'on-demand' | 'preferred';
  /** WebContainer API key, when set. */
  webcontainerApiKey?: string;
}

/** Thrown by {@link parseCourseConfig}; `message` lists every problem, one per line, with the field's path. */
export class CourseConfigError extends Error {
  override name = 'CourseConfigError';
}

/** Typed identity helper for `course.config.ts`: `export default defineCourse({ ... })`. */
export function defineCourse(config: CourseConfigInput): CourseConfigInput {
  return config;
}

/**
 * Validates a raw config and fills in defaults.
 * @param raw the value `course.config.ts` exported.
 * @param source file name used in the error message.
 * @throws CourseConfigError naming each invalid field, e.g. `base: must start and end with "/" ...`.
 */
export function parseCourseConfig(raw: unknown, source = 'course.config.ts'): CourseConfig {
  const result = courseConfigSchema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${issue.path.length ? issue.path.join('.') : '(config)'}: ${issue.message}`);
  throw new CourseConfigError(`Invalid course config in ${source}:\n${lines.join('\n')}`);
}

/** Maps the owner-facing engine setting to the engine policy the page applies. */
export function publicCourseConfig(config: CourseConfig): PublicCourseConfig {
  const policy = !config.webcontainer.allowed || config.engine === 'worker' ? 'off' : config.engine === 'webcontainer' ? 'preferred' : 'on-demand';
  return {
    title: config.title,
    base: config.base,
    webcontainer: policy,
    ...(config.webcontainer.apiKey && policy !== 'off' ? { webcontainerApiKey: config.webcontainer.apiKey } : {}),
  };
}

/**
 * Glob patterns, relative to `lessons/`, of the lesson files a build publishes:
 * the landing page plus the listed lessons (and their `id/` translations), or
 * every file not starting with `_` when `lessons` is absent. Used by the docs
 * collection's loader (src/content.config.ts).
 */
export function lessonPatterns(lessons: readonly string[] | null | undefined): string[] {
  const names = lessons ? `{index,${lessons.join(',')}}` : '[^_]*';
  return [`${names}.{md,mdx}`, `id/${names}.{md,mdx}`];
}
