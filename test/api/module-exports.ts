/**
 * The names a TypeScript module exports, each marked value or type, read by the compiler itself: the runtime names
 * of a module say nothing of its types, and a hand-kept list would drift just as the docs could.
 */
import ts from 'typescript';

export interface ModuleExport {
  readonly name: string;
  /** `value`: there at run time (functions, classes, constants); `type`: erased by the compiler. */
  readonly kind: 'value' | 'type';
}

/** A symbol a module re-exports, followed to its declaration. */
function declared(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** Whether an export exists at run time: a value, not exported with `export type`. */
function isValue(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  const typeOnly = symbol.declarations?.some((node) => ts.isTypeOnlyExportDeclaration(node)) ?? false;
  return !typeOnly && (declared(checker, symbol).flags & ts.SymbolFlags.Value) !== 0;
}

/** Every export of each file in `files` (absolute paths of .ts sources), sorted by name, one program for all. */
export function moduleExports(files: readonly string[]): ModuleExport[][] {
  const program = ts.createProgram([...files], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    types: ['node'],
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  return files.map((file) => {
    const source = program.getSourceFile(file);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${file}: not a module the compiler could read`);
    return checker
      .getExportsOfModule(module)
      .map((symbol): ModuleExport => ({ name: symbol.name, kind: isValue(checker, symbol) ? 'value' : 'type' }))
      .sort((a, b) => a.name.localeCompare(b.name));
  });
}
