// core-js 2 as twitter-text imports it (`core-js/modules/es6.regexp.split` and 22 more), with nothing in it: npm's
// `overrides` in package.json point core-js here.
//
// Each core-js 2 module tests whether the runtime lacks its feature and patches the built-in only if so. V8 lacks none
// of them, so they would patch nothing; but es6.regexp.split's test sets `constructor` on a RegExp, which invalidates
// V8's RegExp species protector for the whole isolate, and every `split`, `replace` and `matchAll` with a regular
// expression then takes the slow path: 10x slower in a micro-benchmark, and the brief of 50,000 characters of notes
// from 36 to 58 ms of CPU (bench/RESULTS.md, brief-cpu-thread).
