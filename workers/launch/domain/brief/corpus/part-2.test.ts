import { describeCorpusPart } from './suite';

describeCorpusPart(2, 4);
