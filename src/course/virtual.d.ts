/** The course config as the site's code sees it (see src/course/integration.ts). */
declare module 'virtual:mcp-by-hand/course' {
  import type { PublicCourseConfig } from './config.ts';
  export const course: PublicCourseConfig;
  /** Lesson slugs in order, or null when every lesson is published in frontmatter order. */
  export const lessons: string[] | null;
}
