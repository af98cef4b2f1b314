import java.util.ArrayList;
import java.util.List;

import edu.mit.csail.sdg.alloy4.A4Reporter;
import edu.mit.csail.sdg.alloy4.ErrorWarning;

/**
 * An A4Reporter that remembers the size of the last SAT problem and the warnings.
 * JPype cannot subclass Java classes, so fmrepair compiles this with javac against the Alloy jar.
 */
public class FmrepairReporter extends A4Reporter {
    private int primaryVars = -1;
    private int totalVars = -1;
    private int clauses = -1;
    private final List<String> warnings = new ArrayList<>();

    /** Forget the numbers of the previous command. */
    public synchronized void reset() {
        primaryVars = -1;
        totalVars = -1;
        clauses = -1;
    }

    @Override
    public synchronized void solve(int plength, int primaryVars, int totalVars, int clauses) {
        this.primaryVars = primaryVars;
        this.totalVars = totalVars;
        this.clauses = clauses;
    }

    @Override
    public synchronized void warning(ErrorWarning msg) {
        String text = msg.msg == null ? String.valueOf(msg) : msg.msg.trim();
        if (msg.pos != null && msg.pos.y > 0) {
            text = msg.pos.y + ":" + msg.pos.x + ": " + text;
        }
        warnings.add(text);
    }

    public synchronized int getPrimaryVars() { return primaryVars; }

    public synchronized int getTotalVars() { return totalVars; }

    public synchronized int getClauses() { return clauses; }

    /** Warnings since the last call, then cleared. */
    public synchronized String[] takeWarnings() {
        String[] out = warnings.toArray(new String[0]);
        warnings.clear();
        return out;
    }
}
