import { configure } from '@testing-library/react';

// findBy* and waitFor wait up to 10 s (not Testing Library's 1 s) for what a test waits on: a lazy chunk or a
// highlighter's first load takes longer than a second on a loaded 2-core machine. A wait never passes a test sooner or
// later than its condition holds; only a failure takes longer to report.
configure({ asyncUtilTimeout: 10_000 });
