import edu.mit.csail.sdg.alloy4.A4Reporter;
import edu.mit.csail.sdg.alloy4.Err;
import edu.mit.csail.sdg.ast.Command;
import edu.mit.csail.sdg.parser.CompModule;
import edu.mit.csail.sdg.parser.CompUtil;
import edu.mit.csail.sdg.translator.A4Options;
import edu.mit.csail.sdg.translator.A4Solution;
import edu.mit.csail.sdg.translator.TranslateAlloyToKodkod;

/**
 * One fresh JVM per check: parse one .als file, execute every command, print one line per command
 * ("label<TAB>check|run<TAB>outcome"). Used only by the benchmark as the baseline.
 * Usage: java -cp alloy.jar:DIR FmrepairCheck FILE [SATSOLVER_FIELD]
 */
public class FmrepairCheck {
    public static void main(String[] args) throws Exception {
        A4Reporter rep = A4Reporter.NOP;
        A4Options opt = new A4Options();
        opt.solver = A4Options.SatSolver.SAT4J;
        if (args.length > 1) { // a field name of A4Options.SatSolver, e.g. MiniSatJNI
            opt.solver = (A4Options.SatSolver) A4Options.SatSolver.class.getField(args[1]).get(null);
        }
        opt.skolemDepth = 1;
        try {
            CompModule world = CompUtil.parseEverything_fromFile(rep, null, args[0]);
            for (Command cmd : world.getAllCommands()) {
                A4Solution sol = TranslateAlloyToKodkod.execute_command(
                        rep, world.getAllReachableSigs(), cmd, opt);
                String outcome;
                if (cmd.check) {
                    outcome = sol.satisfiable() ? "counterexample" : "no_counterexample";
                } else {
                    outcome = sol.satisfiable() ? "instance" : "no_instance";
                }
                System.out.println(cmd.label + "\t" + (cmd.check ? "check" : "run") + "\t" + outcome);
            }
        } catch (Err e) {
            System.out.println("ERROR\t" + e.pos.y + ":" + e.pos.x + "\t" + e.getClass().getSimpleName());
            System.exit(1);
        }
    }
}
