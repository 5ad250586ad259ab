package io.dicehall.web.systems.control;

import static io.dicehall.web.systems.control.BytecodeCheck.dotted;

import io.dicehall.web.systems.control.BytecodeCheck.Finding;
import java.util.Set;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Visits one class of a plugin, adding to the findings each use of what rules code may not use
 * ({@link RulesCodePolicy}): in its superclass and interfaces, fields, method signatures and every instruction
 * (types, fields and methods referred to, invokedynamic bootstraps and constants, caught exceptions), and any native
 * method. A method reference is checked as a call of the method it refers to.
 */
final class ClassChecker extends ClassVisitor {

    private final Set<String> own;
    private final Set<Finding> findings;
    private String className;

    /**
     * @param own the classes of the plugin itself, internal names: they may be used
     * @param findings where the uses found are added
     */
    ClassChecker(Set<String> own, Set<Finding> findings) {
        super(Opcodes.ASM9);
        this.own = own;
        this.findings = findings;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName,
            String[] interfaces) {
        className = name;
        String where = dotted(name);
        if (superName != null) {
            type(superName, where + " (its superclass)");
        }
        if (interfaces != null) {
            for (String i : interfaces) {
                type(i, where + " (an interface it implements)");
            }
        }
    }

    @Override
    public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
        descriptor(descriptor, dotted(className) + "." + name);
        return null;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
            String[] exceptions) {
        String where = dotted(className) + "." + name;
        if ((access & Opcodes.ACC_NATIVE) != 0) {
            findings.add(new Finding("a native method (JNI)", where));
        }
        descriptor(descriptor, where);
        if (exceptions != null) {
            for (String e : exceptions) {
                type(e, where);
            }
        }
        return new MethodVisitor(Opcodes.ASM9) {
            @Override
            public void visitTypeInsn(int opcode, String type) {
                type(type, where);
            }

            @Override
            public void visitFieldInsn(int opcode, String owner, String fieldName, String fieldDescriptor) {
                member(owner, fieldName, fieldDescriptor, where);
            }

            @Override
            public void visitMethodInsn(int opcode, String owner, String methodName, String methodDescriptor,
                    boolean isInterface) {
                member(owner, methodName, methodDescriptor, where);
            }

            @Override
            public void visitInvokeDynamicInsn(String indyName, String indyDescriptor, Handle bootstrap,
                    Object... arguments) {
                if (!RulesCodePolicy.bootstrapAllowed(bootstrap.getOwner(), bootstrap.getName())) {
                    findings.add(new Finding("invokedynamic with the bootstrap method "
                            + dotted(bootstrap.getOwner()) + "." + bootstrap.getName(), where));
                }
                descriptor(indyDescriptor, where);
                for (Object argument : arguments) {
                    constant(argument, where);
                }
            }

            @Override
            public void visitLdcInsn(Object value) {
                constant(value, where);
            }

            @Override
            public void visitMultiANewArrayInsn(String arrayDescriptor, int dims) {
                descriptor(arrayDescriptor, where);
            }

            @Override
            public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
                if (type != null) {
                    type(type, where);
                }
            }
        };
    }

    private void constant(Object value, String where) {
        if (value instanceof Type type) {
            if (type.getSort() == Type.METHOD) {
                descriptor(type.getDescriptor(), where);
            } else if (type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY) {
                type(type.getSort() == Type.OBJECT ? type.getInternalName() : type.getDescriptor(), where);
            }
        } else if (value instanceof Handle handle) {
            member(handle.getOwner(), handle.getName(), handle.getDesc(), where);
        } else if (value instanceof ConstantDynamic dynamic) {
            findings.add(new Finding("a dynamic constant with the bootstrap method "
                    + dotted(dynamic.getBootstrapMethod().getOwner()) + "." + dynamic.getBootstrapMethod().getName(),
                    where));
        }
    }

    private void type(String internal, String where) {
        if (RulesCodePolicy.refusedClass(internal, own) != null) {
            findings.add(new Finding(dotted(RulesCodePolicy.element(internal)), where));
        }
    }

    private void descriptor(String descriptor, String where) {
        Type type = Type.getType(descriptor);
        if (type.getSort() == Type.METHOD) {
            type(type.getReturnType(), where);
            for (Type argument : type.getArgumentTypes()) {
                type(argument, where);
            }
        } else {
            type(type, where);
        }
    }

    private void type(Type type, String where) {
        if (type.getSort() == Type.ARRAY) {
            type = type.getElementType();
        }
        if (type.getSort() == Type.OBJECT) {
            type(type.getInternalName(), where);
        }
    }

    private void member(String owner, String name, String descriptor, String where) {
        String refused = RulesCodePolicy.refusedClass(owner, own);
        String used = dotted(RulesCodePolicy.element(owner) == null ? owner : RulesCodePolicy.element(owner)) + "." + name;
        if (refused != null || !RulesCodePolicy.memberAllowed(owner, name)) {
            findings.add(new Finding(used, where));
            return;
        }
        descriptor(descriptor, where);
    }
}
