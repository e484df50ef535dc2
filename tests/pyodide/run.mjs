// Run tests/pyodide/games.py under Pyodide in Node (issue 32, point 5): the Pyodide core of the
// Play page, the msgspec and marketlib wheels, and this checkout's tests folder mounted read-only
// at /tests. Prints what the script prints. Usage: node run.mjs PYODIDE_DIR TESTS_DIR WHEEL...
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [core, tests, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(core, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: core + "/" });
await pyodide.loadPackage(wheels, { messageCallback: () => {} });
pyodide.FS.mkdirTree("/tests");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: tests }, "/tests");
let out = "";
pyodide.setStdout({ write: (bytes) => { out += Buffer.from(bytes).toString("utf8"); return bytes.length; } });
pyodide.runPython(`
import runpy, sys
sys.argv = ["games.py", "/tests"]
runpy.run_path("/tests/pyodide/games.py", run_name="__main__")
`);
process.stdout.write(out);
