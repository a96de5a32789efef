// SPDX-License-Identifier: Apache-2.0
package dev.patchverdict.record;

import java.util.List;
import java.util.Objects;

/**
 * A document that cannot be accepted: not JSON, not one of the known types, an unsupported
 * version, or not valid against its schema. Every problem is reported, each naming the document
 * type and version (as far as they are known) and the JSON pointer, for example
 * {@code EvaluatorPlan v0.4: /backend/required_removed_substrings: must have at least 1 item}.
 */
public final class InvalidDocumentException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String subject;
    private final transient List<DocumentProblem> problems;

    /**
     * @param subject what the document was found to be, e.g. {@code EvaluatorPlan v0.4},
     *     {@code EvaluatorPlan} when the version is not known, {@code document} when nothing is
     */
    public InvalidDocumentException(String subject, List<DocumentProblem> problems) {
        super(summary(subject, problems));
        this.subject = Objects.requireNonNull(subject, "subject");
        this.problems = List.copyOf(problems);
    }

    public InvalidDocumentException(String subject, DocumentProblem problem) {
        this(subject, List.of(problem));
    }

    public String subject() {
        return subject;
    }

    public List<DocumentProblem> problems() {
        return problems;
    }

    /** One line per problem, each prefixed with the subject. */
    public List<String> messages() {
        return problems.stream().map(p -> subject + ": " + p).toList();
    }

    private static String summary(String subject, List<DocumentProblem> problems) {
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("an invalid document needs at least one problem");
        }
        String first = subject + ": " + problems.get(0);
        return problems.size() == 1 ? first : first + " (and " + (problems.size() - 1) + " more)";
    }
}
