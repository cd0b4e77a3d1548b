export { HighlightedText, type HighlightedTextProps } from './HighlightedText';
export { excerpt, type Excerpt, type TextPart } from './excerpt';
