/**
 * PowerShell's grammar (tree-sitter-powershell's .wasm, run by web-tree-sitter): the syntax errors of a
 * script, so that tests can parse the install scripts no Windows machine runs here.
 */
import path from 'node:path';
import { Language, Parser, type Node } from 'web-tree-sitter';

const GRAMMAR = path.resolve('node_modules/tree-sitter-powershell/tree-sitter-powershell.wasm');

let parser: Promise<Parser> | null = null;

async function powershellParser(): Promise<Parser> {
  await Parser.init();
  const language = await Language.load(GRAMMAR);
  const created = new Parser();
  created.setLanguage(language);
  return created;
}

/** Each ERROR or MISSING node of the script, as "line:column type: text", empty when it parses. */
export async function powershellSyntaxErrors(script: string): Promise<string[]> {
  parser ??= powershellParser();
  const tree = (await parser).parse(script);
  if (!tree) throw new Error('tree-sitter gave no tree');
  const problems: string[] = [];
  const visit = (node: Node) => {
    if (node.isError || node.isMissing) {
      const where = `${node.startPosition.row + 1}:${node.startPosition.column + 1}`;
      problems.push(
        `${where} ${node.isMissing ? `MISSING ${node.type}` : 'ERROR'}: ${node.text.slice(0, 60)}`,
      );
    }
    for (const child of node.children) if (child) visit(child);
  };
  visit(tree.rootNode);
  tree.delete();
  return problems;
}
