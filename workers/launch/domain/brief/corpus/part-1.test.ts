import { describeCorpusPart } from './suite';

describeCorpusPart(1, 4);
