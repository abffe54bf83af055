import { defineCourse } from './src/course/config.ts';

/**
 * Course settings for whoever hosts this course. Every field is optional; see
 * src/course/config.ts for what each one means and README "Self-hosting" for recipes.
 * Build with another file: `COURSE_CONFIG=path/to/other.config.ts npm run build`.
 */
export default defineCourse({
  title: 'MCP by Hand',
  base: '/',
  engine: 'auto',
  webcontainer: { allowed: true },
});
