-- Class hierarchy of an object-oriented language: a class inherits the methods of its ancestors.
sig Method {}
sig Class {
  sup: lone Class,
  methods: set Method,
  inherited: set Method
}

fact NoCyclicInheritance { no c: Class | c in c.^sup }

fact Inheritance { all c: Class | c.inherited = c.sup.methods }

assert AncestorsVisible { all c: Class | c.^sup.methods in c.inherited }
check AncestorsVisible for 4
