// Shared by every feature that shows or picks subjects, classes, boards and modes: the
// one feature others may import (eslint.config.js lists it as shared). The chips (a tutor's area)
// and the radios (the request form) are imported from their own files by their one screen each:
// through this index, every screen that picks a subject would load them (vite-plugins/chunk-groups.ts).
export {
  VOCABULARY_FAILED,
  getVocabulary,
  useVocabulary,
  vocabularyQueryKey,
  vocabularyQueryOptions,
} from './api/get-vocabulary'
export { OTHER, type Facet, type Mode, type Term, type Vocabulary } from './api/types'
export { TermSelect, type TermSelectProps } from './components/TermSelect'
export { isTermId, type TermIds } from './lib/term-id'
export { findTerm, termLabel } from './lib/term-label'
