/**
 * The placeholder a stored text (a page, a FAQ answer, a post) holds for the support address, as the operator types
 * it: the content service fills `{{name}}` placeholders before rendering (server/modules/content/markdown.ts), and the
 * console names this one in its content and FAQ sections (docs/admin/content.md).
 */
export const supportEmailPlaceholder = '{{supportEmail}}';
