// Shared by every feature that shows or picks subjects, classes, boards and modes: the
// one feature others may import (eslint.config.js lists it as shared).
export {
  VOCABULARY_FAILED,
  getVocabulary,
  useVocabulary,
  vocabularyQueryKey,
  vocabularyQueryOptions,
} from './api/get-vocabulary'
export { OTHER, type Facet, type Mode, type Term, type Vocabulary } from './api/types'
export { TermChips, type TermChipsProps } from './components/TermChips'
export { TermRadios, type TermRadiosProps } from './components/TermRadios'
export { TermSelect, type TermSelectProps } from './components/TermSelect'
export { isTermId, type TermIds } from './lib/term-id'
export { findTerm, termLabel } from './lib/term-label'
